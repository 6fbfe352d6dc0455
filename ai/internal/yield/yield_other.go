//go:build !js

package yield

// Point does nothing outside the browser: the operating system shares
// the cores between the threads.
func Point() {}
