// Command printversion prints version.String(), for TestLinkedVersionWins.
package main

import (
	"fmt"

	"senapati/internal/version"
)

func main() { fmt.Print(version.String()) }
