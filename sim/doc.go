// Package sim plays many games of a generated engine for simulators and
// deck testers: built-in or file-described decks, a policy per player,
// several worker goroutines, and a summary with win rates and their
// confidence intervals. Its benchmark, BenchmarkRandomGameVanilla, is the
// throughput reference of docs/performance.md.
package sim
