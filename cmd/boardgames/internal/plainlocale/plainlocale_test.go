package plainlocale

import "testing"

func TestIsPOSIX(t *testing.T) {
	for v, want := range map[string]bool{
		"C": true, "C.UTF-8": true, "POSIX": true, "en_US.UTF-8": false, "fr_FR": false, "Cy_GB": false,
	} {
		if got := isPOSIX(v); got != want {
			t.Errorf("isPOSIX(%q) = %v, want %v", v, got, want)
		}
	}
}
