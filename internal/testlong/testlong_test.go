package testlong

import "testing"

func TestEnabledReadsTheSwitch(t *testing.T) {
	for v, want := range map[string]bool{"": false, "0": false, "1": true, "yes": true} {
		t.Setenv(Env, v)
		if Enabled() != want {
			t.Errorf("%s=%q: Enabled() = %v, want %v", Env, v, !want, want)
		}
	}
}
