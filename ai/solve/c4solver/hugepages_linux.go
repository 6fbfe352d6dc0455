//go:build linux

package c4solver

import (
	"syscall"
	"unsafe"
)

// hugePage is the size of a transparent huge page on amd64 and arm64.
const hugePage = 2 << 20

// allocSlots returns n zeroed 8-byte slots outside the Go heap, in memory
// the kernel is asked to back with transparent huge pages (madvise
// MADV_HUGEPAGE). The table is probed at random, one probe per node, and
// with 4 KiB pages nearly every probe also misses the TLB; huge pages
// remove most of that cost. free returns the memory; ok is false when the
// mapping failed and the caller should fall back to make.
func allocSlots(n int) (slots []uint64, free func(), ok bool) {
	size := n * 8
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
	slots = unsafe.Slice((*uint64)(unsafe.Pointer(&mem[off])), n)
	return slots, func() { _ = syscall.Munmap(mem) }, true
}
