// Package vscode holds the VS Code extension of mtgc (package.json,
// extension.js) and its TextMate grammars, generated from the language's
// vocabulary. This Go file only carries the go:generate line.
package vscode

//go:generate go run ../../internal/tmgrammar syntaxes
