package main

// Tests of the documentation: its links, the files and functions
// docs/ARCHITECTURE.md names, and the bench signature docs/testing.md
// states.

import (
	"bytes"
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// docFiles are the Markdown files whose links are checked.
func docFiles(t *testing.T) []string {
	t.Helper()
	files, err := filepath.Glob("docs/*.md")
	require.NoError(t, err)
	return append([]string{"README.md"}, files...)
}

var (
	fencedCode = regexp.MustCompile("(?ms)^ *(```|~~~).*?^ *(```|~~~)[^\n]*$")
	inlineCode = regexp.MustCompile("`[^`\n]*`")
	mdLink     = regexp.MustCompile(`\]\(([^)\s]+)(?:\s+"[^"]*")?\)`)
	urlScheme  = regexp.MustCompile(`^[a-zA-Z][a-zA-Z0-9+.-]*:`)
)

// relativeLinks returns the link targets of Markdown text that name a
// file of this repository: neither code (fenced or inline) nor a URL nor
// an anchor alone; an anchor after a path is cut off.
func relativeLinks(text string) []string {
	text = fencedCode.ReplaceAllString(text, "")
	// A link's text may be code ([`x.png`](x.png)): the brackets and the
	// target outside the code stay.
	text = inlineCode.ReplaceAllString(text, "")
	var links []string
	for _, m := range mdLink.FindAllStringSubmatch(text, -1) {
		target := m[1]
		if urlScheme.MatchString(target) || strings.HasPrefix(target, "#") {
			continue
		}
		if i := strings.IndexByte(target, '#'); i >= 0 {
			target = target[:i]
		}
		links = append(links, target)
	}
	return links
}

func TestDocLinks(t *testing.T) {
	total := 0
	for _, doc := range docFiles(t) {
		text, err := os.ReadFile(doc)
		require.NoError(t, err)
		links := relativeLinks(string(text))
		total += len(links)
		for _, link := range links {
			path := filepath.Join(filepath.Dir(doc), filepath.FromSlash(link))
			_, err := os.Stat(path)
			assert.NoError(t, err, "%s links to %s, which does not exist", doc, link)
		}
	}
	// The README is the entrance: it must lead to the pages behind it.
	readme, err := os.ReadFile("README.md")
	require.NoError(t, err)
	assert.GreaterOrEqual(t, len(relativeLinks(string(readme))), 10, "README.md links to the docs")
	assert.Greater(t, total, 50, "links found in README.md and docs/*.md")
}

func TestDocLinksSeesBrokenLinks(t *testing.T) {
	text := "See [a](docs/a.md#x), ![b](b.png), [web](https://example.com), " +
		"[top](#top), `[not](code.md)` and [`c.png`](c.png).\n```\n[no](fenced.md)\n```\n"
	assert.Equal(t, []string{"docs/a.md", "b.png", "c.png"}, relativeLinks(text))
}

// archRow is one row of a table of docs/ARCHITECTURE.md: its cells.
type archRow []string

// archTable returns the rows of the table under the heading that starts
// with heading, the header and the rule left out.
func archTable(t *testing.T, text, heading string) []archRow {
	t.Helper()
	i := strings.Index(text, "\n## "+heading)
	require.GreaterOrEqual(t, i, 0, "ARCHITECTURE.md has a section %q", heading)
	section := text[i+1:]
	if j := strings.Index(section[3:], "\n## "); j >= 0 {
		section = section[:j+3]
	}
	var rows []archRow
	header := true
	for _, line := range strings.Split(section, "\n") {
		if !strings.HasPrefix(line, "|") {
			if len(rows) > 0 {
				break
			}
			header = true
			continue
		}
		cells := strings.Split(strings.Trim(line, "|"), " | ")
		for k := range cells {
			cells[k] = strings.TrimSpace(cells[k])
		}
		if header || strings.HasPrefix(cells[0], "---") {
			header = false
			continue
		}
		rows = append(rows, cells)
	}
	require.NotEmpty(t, rows, "the table of section %q", heading)
	return rows
}

var (
	codeSpan      = regexp.MustCompile("`([^`]+)`")
	pathLike      = regexp.MustCompile(`^[\w./-]+(\.(go|sh|py|cjs|js)|/)$`)
	parenthesised = regexp.MustCompile(`\([^()]*\)`)
	goName        = regexp.MustCompile(`^[A-Za-z_][\w.]*$`)
)

// namedPaths returns the file paths (code spans ending in a known
// extension or a slash) in a table cell.
func namedPaths(cell string) []string {
	var paths []string
	for _, m := range codeSpan.FindAllStringSubmatch(cell, -1) {
		if pathLike.MatchString(m[1]) {
			paths = append(paths, m[1])
		}
	}
	return paths
}

func readArchitecture(t *testing.T) string {
	t.Helper()
	text, err := os.ReadFile("docs/ARCHITECTURE.md")
	require.NoError(t, err)
	return string(text)
}

func TestArchitectureFilesExist(t *testing.T) {
	text := readArchitecture(t)
	packages := map[string]bool{}
	for _, row := range archTable(t, text, "Files by concern") {
		require.Len(t, row, 3, "row %q", row)
		dir := row[0]
		if dir == "main" {
			dir = "."
		}
		packages[row[0]] = true
		paths := namedPaths(row[1])
		assert.NotEmpty(t, paths, "row %q names no file", row)
		for _, p := range paths {
			_, err := os.Stat(filepath.Join(dir, filepath.FromSlash(p)))
			assert.NoError(t, err, "ARCHITECTURE.md: %s names %s, which does not exist", row[0], p)
		}
	}
	// Every Go package of the module has rows.
	for _, p := range goPackages(t) {
		assert.True(t, packages[p], "ARCHITECTURE.md's file table has no row for package %s", p)
	}
	for _, row := range archTable(t, text, "Rules of RULES.md") {
		for _, p := range namedPaths(row[1]) {
			_, err := os.Stat(rulePath(p))
			assert.NoError(t, err, "ARCHITECTURE.md: rule %q names %s, which does not exist", row[0], p)
		}
	}
}

// goPackages lists the directories of this module holding non-test Go
// files ("main" for the root), web/e2e (a module of its own) left out.
func goPackages(t *testing.T) []string {
	t.Helper()
	seen := map[string]bool{}
	err := filepath.WalkDir(".", func(path string, d os.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && (strings.HasPrefix(d.Name(), ".") && path != "." || d.Name() == "testdata" || path == "web/e2e") {
			return filepath.SkipDir
		}
		if !d.IsDir() && strings.HasSuffix(path, ".go") && !strings.HasSuffix(path, "_test.go") {
			dir := filepath.ToSlash(filepath.Dir(path))
			if dir == "." {
				dir = "main"
			}
			seen[dir] = true
		}
		return nil
	})
	require.NoError(t, err)
	var dirs []string
	for d := range seen {
		dirs = append(dirs, d)
	}
	return dirs
}

// rulePath is where a file named in the rules table is: a bare name is
// in board, a path is from the repository root.
func rulePath(p string) string {
	if strings.Contains(p, "/") {
		return filepath.FromSlash(p)
	}
	return filepath.Join("board", p)
}

// TestArchitectureRulesPlaceFunctions checks the rules table's places: in
// each clause "files: names" every name outside parentheses is declared
// in one of the clause's files (a function, method, type, variable,
// constant or struct field, or a field a composite literal sets there),
// and every name in parentheses at least occurs in one of them.
func TestArchitectureRulesPlaceFunctions(t *testing.T) {
	checked := 0
	for _, row := range archTable(t, readArchitecture(t), "Rules of RULES.md") {
		for _, clause := range strings.Split(row[1], ";") {
			files, names, ok := strings.Cut(clause, ":")
			if !ok {
				continue
			}
			var declared, used []map[string]bool
			paths := namedPaths(files)
			for _, p := range paths {
				d, u := goNames(t, rulePath(p))
				declared, used = append(declared, d), append(used, u)
			}
			inParens := map[string]bool{}
			for _, group := range parenthesised.FindAllString(names, -1) {
				for _, m := range codeSpan.FindAllStringSubmatch(group, -1) {
					inParens[m[1]] = true
				}
			}
			outside := parenthesised.ReplaceAllString(names, "")
			for _, m := range codeSpan.FindAllStringSubmatch(names, -1) {
				name := m[1]
				if !goName.MatchString(name) {
					continue
				}
				// Type.Method names the method.
				ident := name[strings.LastIndexByte(name, '.')+1:]
				sets := declared
				if inParens[name] && !strings.Contains(outside, "`"+name+"`") {
					sets = used
				}
				found := false
				for _, set := range sets {
					found = found || set[ident]
				}
				checked++
				assert.True(t, found, "ARCHITECTURE.md: rule %q places %s in %s, which do not declare it", row[0], name, strings.Join(paths, ", "))
			}
		}
	}
	assert.Greater(t, checked, 40, "names checked in the rules table")
}

// goNames parses a Go file and returns the names it declares (including
// struct fields and the keys of composite literals) and every identifier
// it uses.
func goNames(t *testing.T, path string) (declared, used map[string]bool) {
	t.Helper()
	declared, used = map[string]bool{}, map[string]bool{}
	f, err := parser.ParseFile(token.NewFileSet(), path, nil, parser.SkipObjectResolution)
	if !assert.NoError(t, err) {
		return declared, used
	}
	ast.Inspect(f, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncDecl:
			declared[n.Name.Name] = true
		case *ast.TypeSpec:
			declared[n.Name.Name] = true
		case *ast.ValueSpec:
			for _, id := range n.Names {
				declared[id.Name] = true
			}
		case *ast.Field:
			for _, id := range n.Names {
				declared[id.Name] = true
			}
		case *ast.KeyValueExpr:
			if id, ok := n.Key.(*ast.Ident); ok {
				declared[id.Name] = true
			}
		case *ast.Ident:
			used[n.Name] = true
		}
		return true
	})
	return declared, used
}

// benchSignature is the node count docs/testing.md states for the
// default bench, on the one line "Bench signature: N".
func benchSignature(t *testing.T) string {
	t.Helper()
	var found []string
	line := regexp.MustCompile(`(?m)^Bench signature: (\d+)\s*$`)
	for _, doc := range docFiles(t) {
		text, err := os.ReadFile(doc)
		require.NoError(t, err)
		for _, m := range line.FindAllStringSubmatch(string(text), -1) {
			found = append(found, m[1])
		}
	}
	require.Len(t, found, 1, "the docs state the bench signature once, as a line \"Bench signature: N\"")
	return found[0]
}

func TestBenchSignature(t *testing.T) {
	want := benchSignature(t)
	var out, errOut bytes.Buffer
	require.Equal(t, 0, run([]string{"bench"}, nil, &out, &errOut), errOut.String())
	got := regexp.MustCompile(`(?m)^Nodes searched: (\d+)$`).FindStringSubmatch(out.String())
	require.NotNil(t, got, "bench printed no Nodes searched line:\n%s", out.String())
	assert.Equal(t, want, got[1], "the default bench's Nodes searched is not the signature of docs/testing.md: "+
		"a change that should not alter play did, or one that does must update the docs")
}
