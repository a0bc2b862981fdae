package rtimpl

import "math"

// Checked arithmetic for every amount the game stores (life, damage,
// counters, power and toughness, sums of damage): an amount saturates at
// the bounds of int32 instead of wrapping, so that a player at 2^31-1 life
// who gains 1 stays at 2^31-1 rather than going negative and losing, and a
// +N/+N pump past the bound leaves power at the bound.

// addSat is a+b, saturated to [MinInt32, MaxInt32].
func addSat(a, b int32) int32 {
	return clamp32(int64(a) + int64(b))
}

// subSat is a-b, saturated.
func subSat(a, b int32) int32 {
	return clamp32(int64(a) - int64(b))
}

func clamp32(n int64) int32 {
	switch {
	case n > math.MaxInt32:
		return math.MaxInt32
	case n < math.MinInt32:
		return math.MinInt32
	}
	return int32(n)
}

// Clamp32 is n saturated to [MinInt32, MaxInt32]: a sum of several terms
// is taken wide (int64) and clamped once, so that terms that cancel do not
// saturate one by one (2 + (2^31-1) - (2^31-1) is 2, not 0).
func Clamp32(n int64) int32 { return clamp32(n) }

// AddSat is a+b, saturated: the sums of a characteristic's derivation.
func AddSat(a, b int32) int32 { return addSat(a, b) }

// SubSat is a-b, saturated.
func SubSat(a, b int32) int32 { return subSat(a, b) }

// MulSat is a*b, saturated.
func MulSat(a, b int32) int32 { return clamp32(int64(a) * int64(b)) }
