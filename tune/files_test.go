package tune

import "os"

func writeFile(name, s string) error { return os.WriteFile(name, []byte(s), 0o644) }

func readFile(name string) (string, error) {
	b, err := os.ReadFile(name)
	return string(b), err
}
