//go:build linux

package solvekit

import (
	"syscall"
	"unsafe"
)

// hugePage is the size of a transparent huge page on amd64 and arm64.
const hugePage = 2 << 20

// alloc returns n zeroed values of T outside the Go heap, in memory the
// kernel is asked to back with transparent huge pages (madvise
// MADV_HUGEPAGE); ok is false when the table is smaller than a huge page
// or the mapping failed.
func alloc[T any](n int) (s []T, free func(), ok bool) {
	var zero T
	size := n * int(unsafe.Sizeof(zero))
	if size < hugePage {
		return nil, nil, false
	}
	mem, err := syscall.Mmap(-1, 0, size+hugePage, syscall.PROT_READ|syscall.PROT_WRITE,
		syscall.MAP_PRIVATE|syscall.MAP_ANON)
	if err != nil {
		return nil, nil, false
	}
	// Align the start to a huge page so that every 2 MiB block can be one.
	off := 0
	if r := uintptr(unsafe.Pointer(&mem[0])) % hugePage; r != 0 {
		off = int(hugePage - r)
	}
	_ = syscall.Madvise(mem[off:off+size], syscall.MADV_HUGEPAGE) // advice only
	s = unsafe.Slice((*T)(unsafe.Pointer(&mem[off])), n)
	return s, func() { _ = syscall.Munmap(mem) }, true
}
