package match

import (
	"go/ast"
	"go/parser"
	"go/token"
	"maps"
	"os"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// definedFlags are the flags ParseArgs knows: those of its table, and
// -resume, which it reads before the others.
func definedFlags(t *testing.T) []string {
	t.Helper()
	flags := append([]string{"resume"}, slices.Sorted(maps.Keys(matchFlags))...)
	require.Greater(t, len(flags), 30, "the flag table of ParseArgs")
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

// engineKeys are the keys -engine and -each take: the strings that
// EngineConfig.apply (the time keys) and uciclient's Config.Apply (the
// engine's) compare key with, in a switch on it or with ==.
func engineKeys(t *testing.T) []string {
	t.Helper()
	var keys []string
	for file, fun := range map[string]string{"config.go": "apply", "../uciclient/config.go": "Apply"} {
		f, err := parser.ParseFile(token.NewFileSet(), file, nil, 0)
		require.NoError(t, err)
		literal := func(e ast.Expr) {
			if lit, ok := e.(*ast.BasicLit); ok && lit.Kind == token.STRING {
				s, err := strconv.Unquote(lit.Value)
				require.NoError(t, err)
				keys = append(keys, s)
			}
		}
		isKey := func(e ast.Expr) bool { id, ok := e.(*ast.Ident); return ok && id.Name == "key" }
		for _, d := range f.Decls {
			if fn, ok := d.(*ast.FuncDecl); ok && fn.Name.Name == fun {
				ast.Inspect(fn.Body, func(n ast.Node) bool {
					switch n := n.(type) {
					case *ast.BinaryExpr:
						if n.Op == token.EQL && isKey(n.X) {
							literal(n.Y)
						}
					case *ast.SwitchStmt:
						if isKey(n.Tag) {
							for _, c := range n.Body.List {
								for _, e := range c.(*ast.CaseClause).List {
									literal(e)
								}
							}
						}
					}
					return true
				})
			}
		}
	}
	require.Greater(t, len(keys), 10, "the keys of EngineConfig.apply and Config.Apply were not found")
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
