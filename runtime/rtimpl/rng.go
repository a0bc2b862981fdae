package rtimpl

// RNG is a small seeded generator (SplitMix64). It is a value so that a
// cloned game continues the same sequence independently.
type RNG struct{ State uint64 }

// Uint64 returns the next number of the sequence.
func (r *RNG) Uint64() uint64 {
	r.State += 0x9e3779b97f4a7c15
	z := r.State
	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9
	z = (z ^ (z >> 27)) * 0x94d049bb133111eb
	return z ^ (z >> 31)
}

// Intn returns a number in [0, n); n must be positive.
func (r *RNG) Intn(n int) int { return int(r.Uint64() % uint64(n)) }

// Shuffle permutes ids.
func (r *RNG) Shuffle(ids []ObjID) {
	for i := len(ids) - 1; i > 0; i-- {
		j := r.Intn(i + 1)
		ids[i], ids[j] = ids[j], ids[i]
	}
}
