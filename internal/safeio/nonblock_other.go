//go:build !unix

package safeio

// nonBlock is 0 where the platform has no O_NONBLOCK (js/wasm, windows):
// there the Stat of the open file still refuses what is not regular.
const nonBlock = 0
