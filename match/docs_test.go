package match

import (
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// definedFlags are the flags ParseArgs knows: the string cases of its
// switch on the flag's name, and -resume, which it reads before the others.
func definedFlags(t *testing.T) []string {
	t.Helper()
	f, err := parser.ParseFile(token.NewFileSet(), "config.go", nil, 0)
	require.NoError(t, err)
	flags := []string{"resume"}
	ast.Inspect(f, func(n ast.Node) bool {
		fn, ok := n.(*ast.FuncDecl)
		if !ok || fn.Name.Name != "ParseArgs" {
			return true
		}
		ast.Inspect(fn.Body, func(n ast.Node) bool {
			sw, ok := n.(*ast.SwitchStmt)
			if !ok {
				return true
			}
			if id, ok := sw.Tag.(*ast.Ident); !ok || id.Name != "name" {
				return true
			}
			for _, c := range sw.Body.List {
				for _, e := range c.(*ast.CaseClause).List {
					if lit, ok := e.(*ast.BasicLit); ok && lit.Kind == token.STRING {
						s, err := strconv.Unquote(lit.Value)
						require.NoError(t, err)
						flags = append(flags, s)
					}
				}
			}
			return false
		})
		return false
	})
	require.Greater(t, len(flags), 30, "the switch of ParseArgs was not found")
	return flags
}

// TestEveryFlagIsDocumented: every flag ParseArgs takes has a row in the
// flag table of docs/matches.md with an example that uses it, and a line
// of -help.
func TestEveryFlagIsDocumented(t *testing.T) {
	doc, err := os.ReadFile("../docs/matches.md")
	require.NoError(t, err)
	rows := map[string]string{} // flag: the example of its row
	row := regexp.MustCompile("(?m)^\\| (`-[^|]*) \\| .* \\| `([^`]*)` \\|$")
	name := regexp.MustCompile("`-([a-z0-9-]+)`")
	for _, m := range row.FindAllStringSubmatch(string(doc), -1) {
		names := name.FindAllStringSubmatch(m[1], -1)
		require.NotEmpty(t, names, m[0])
		require.Regexp(t, `(^|\s)-`+regexp.QuoteMeta(names[0][1])+`(\s|$)`, m[2], "the example of -%s uses it", names[0][1])
		for _, n := range names {
			rows[n[1]] = m[2]
		}
	}
	for _, f := range definedFlags(t) {
		_, ok := rows[f]
		require.True(t, ok, "docs/matches.md has no row for -%s in its flag table", f)
		require.Regexp(t, `(?m)^\s+-`+regexp.QuoteMeta(f)+`\b|, -`+regexp.QuoteMeta(f)+`\b`, Usage, "-help says nothing of -%s", f)
	}
	require.Equal(t, len(rows), len(definedFlags(t)), "a row for a flag that does not exist: %v", strings.Join(keys(rows), " "))
}

func keys(m map[string]string) []string {
	var out []string
	for k := range m {
		out = append(out, k)
	}
	return out
}

// engineKeys are the keys EngineConfig.apply takes from -engine and -each:
// the strings its switch compares key with.
func engineKeys(t *testing.T) []string {
	t.Helper()
	f, err := parser.ParseFile(token.NewFileSet(), "config.go", nil, 0)
	require.NoError(t, err)
	var keys []string
	ast.Inspect(f, func(n ast.Node) bool {
		fn, ok := n.(*ast.FuncDecl)
		if !ok || fn.Name.Name != "apply" {
			return true
		}
		ast.Inspect(fn.Body, func(n ast.Node) bool {
			cmp, ok := n.(*ast.BinaryExpr)
			if !ok || cmp.Op != token.EQL {
				return true
			}
			id, ok := cmp.X.(*ast.Ident)
			lit, isLit := cmp.Y.(*ast.BasicLit)
			if ok && isLit && id.Name == "key" && lit.Kind == token.STRING {
				s, err := strconv.Unquote(lit.Value)
				require.NoError(t, err)
				keys = append(keys, s)
			}
			return true
		})
		return false
	})
	require.Greater(t, len(keys), 8, "the switch of EngineConfig.apply was not found")
	return keys
}

// TestEveryEngineKeyIsDocumented: every key=value that -engine and -each
// take (proto=uci among them, which once was in the docs' -engine row but
// not in -help) is named both in -help and in the -engine or -each row of
// docs/matches.md.
func TestEveryEngineKeyIsDocumented(t *testing.T) {
	doc, err := os.ReadFile("../docs/matches.md")
	require.NoError(t, err)
	rows := regexp.MustCompile("(?m)^\\| `-(engine|each)` \\|.*$").FindAllString(string(doc), -1)
	require.Len(t, rows, 2)
	help := Usage[strings.Index(Usage, "  -engine KEY"):strings.Index(Usage, "  -variant ")]
	for _, k := range append(engineKeys(t), "option.NAME") {
		require.Contains(t, strings.Join(rows, "\n"), "`"+k+"=", "docs/matches.md's -engine and -each rows do not name %s=", k)
		require.Regexp(t, `(^|[\s,(])`+regexp.QuoteMeta(k)+`=`, help, "-help's -engine and -each lines do not name %s=", k)
	}
}
