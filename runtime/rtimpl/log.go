package rtimpl

import (
	"bufio"
	"io"
)

// LogMode says what a game does with its events.
type LogMode uint8

const (
	LogKeep   LogMode = iota // keep every event in Game.Log (the default)
	LogCap                   // keep only the most recent events in Game.Log (see LogConfig.Cap)
	LogStream                // give each event to LogConfig.Stream; keep none
	LogNone                  // keep no event: simulations that read only the state
)

// LogConfig is a game's log control (Config.Log, Game.SetLog).
type LogConfig struct {
	Mode LogMode
	// Cap, for LogCap: Game.Log holds at most Cap events, and at least the
	// Cap/2 most recent (older ones are dropped in halves, so that
	// logging allocates nothing once the buffer is full). At least 2.
	Cap int
	// Stream, for LogStream, is called with each event as it happens. It
	// must not change the game. Clone and CopyFrom copy the log control:
	// a clone of a streaming game streams to the same function until it
	// is given its own with SetLog (the scratch copies of Check and
	// DefaultDeclare log nothing).
	Stream func(g *Game, e Event)
}

// SetLog changes what the game does with the events to come.
func (g *Game) SetLog(c LogConfig) {
	if c.Mode == LogCap && c.Cap < 2 {
		c.Cap = 2
	}
	if c.Mode == LogStream && c.Stream == nil {
		c.Mode = LogNone
	}
	if c.Mode != g.logc.Mode {
		g.logOwn = false
	}
	g.logc = c
}

// Logged is the number of events logged since the game began, kept or
// not: Game.Log holds the last len(Game.Log) of them.
func (g *Game) Logged() int { return g.logBase + len(g.Log) }

// record logs e as the log control says.
func (g *Game) record(e *Event) {
	switch g.logc.Mode {
	case LogKeep:
		g.Log = append(g.Log, *e)
	case LogCap:
		if len(g.Log) >= g.logc.Cap {
			half := len(g.Log) / 2
			if g.logOwn {
				n := copy(g.Log, g.Log[half:])
				g.Log = g.Log[:n]
			} else { // the events may be a clone's too: copy, never overwrite
				g.Log = append(make([]Event, 0, g.logc.Cap), g.Log[half:]...)
				g.logOwn = true
			}
			g.logBase += half
		}
		g.Log = append(g.Log, *e)
	case LogStream:
		g.logBase++
		g.logc.Stream(g, *e)
	default:
		g.logBase++
	}
}

// copyLog gives g (a copy of src being made, keep its former self) src's
// log: shared with src, except under LogCap, whose buffer is rewritten in
// place and so is copied into one g owns.
func (g *Game) copyLog(keep, src *Game) {
	g.logOwn = false
	if src.logc.Mode != LogCap {
		g.Log = src.Log[:len(src.Log):len(src.Log)]
		return
	}
	var buf []Event
	if keep.logOwn {
		buf = keep.Log[:0]
	}
	g.Log = append(buf, src.Log...)
	g.logOwn = true
}

// WriteTrace returns a Stream function writing each event as a trace line
// (Game.Format) to w, and a function that flushes what is buffered.
func WriteTrace(w io.Writer) (func(*Game, Event), func() error) {
	bw := bufio.NewWriter(w)
	return func(g *Game, e Event) {
		bw.WriteString(g.Format(e))
		bw.WriteByte('\n')
	}, bw.Flush
}
