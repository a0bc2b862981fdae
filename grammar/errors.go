package grammar

import (
	"sort"
	"strings"
)

// maxErrors caps how many errors ParseFile reports.
const maxErrors = 50

// Error is a positioned syntax error.
type Error struct {
	Pos Pos
	Msg string
}

func (e *Error) Error() string { return e.Pos.String() + ": " + e.Msg }

// ErrorList is the error ParseFile returns: every syntax error of a file,
// sorted by position.
type ErrorList []*Error

// Error formats the list as one "path:line:col: message" line per error.
func (l ErrorList) Error() string {
	lines := make([]string, len(l))
	for i, e := range l {
		lines[i] = e.Error()
	}
	return strings.Join(lines, "\n")
}

// Err returns l as an error, or nil when l is empty.
func (l ErrorList) Err() error {
	if len(l) == 0 {
		return nil
	}
	return l
}

// normalize sorts the list by position, drops duplicates and applies the cap.
func (l ErrorList) normalize() ErrorList {
	sort.SliceStable(l, func(i, j int) bool {
		a, b := l[i].Pos, l[j].Pos
		if a.Line != b.Line {
			return a.Line < b.Line
		}
		return a.Col < b.Col
	})
	var out ErrorList
	for i, e := range l {
		if i > 0 && e.Pos == l[i-1].Pos && e.Msg == l[i-1].Msg {
			continue
		}
		out = append(out, e)
	}
	if len(out) > maxErrors {
		out = out[:maxErrors]
	}
	return out
}
