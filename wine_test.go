package main

// The windows release binary, run: built as scripts/release.sh builds it
// and driven through a UCI session under wine, where wine is installed.

import (
	"bufio"
	"bytes"
	"debug/pe"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// wineWait bounds each wait for the engine under wine. It decides nothing
// about speed: wine's first start (a fresh prefix, about ten seconds) and a
// depth-5 search fit in it many times over on a loaded machine.
const wineWait = 5 * time.Minute

// TestWindowsBinaryUnderWine plays uci, isready, position startpos,
// go depth 5 and quit with the windows amd64 binary under wine, and checks
// the id name carries the version linked in, the search reaches depth 5
// and the engine answers a move and exits cleanly. -v prints the session.
func TestWindowsBinaryUnderWine(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the windows binary and starts wine: not with -short")
	}
	wine := lookWine()
	if wine == "" {
		msg := "wine is not installed (Debian: apt-get install wine), so the windows binary is not run"
		if os.Getenv("SENAPATI_WINE_REQUIRE") == "1" {
			t.Fatal(msg)
		}
		t.Skip(msg)
	}
	dir := t.TempDir()
	exe := filepath.Join(dir, "senapati.exe")
	build := exec.Command("go", "build", "-trimpath",
		"-ldflags", "-s -w -X senapati/internal/version.version=wine-test", "-o", exe, ".")
	build.Env = append(os.Environ(), "GOOS=windows", "GOARCH=amd64", "CGO_ENABLED=0")
	out, err := build.CombinedOutput()
	require.NoError(t, err, "%s", out)

	prefix := filepath.Join(dir, "prefix")
	env := append(os.Environ(), "WINEPREFIX="+prefix, "WINEDEBUG=-all",
		// No Mono or Gecko install dialogs, no desktop menu entries, no X.
		"WINEDLLOVERRIDES=mscoree=d;mshtml=d;winemenubuilder.exe=d", "DISPLAY=")
	t.Cleanup(func() { stopWineserver(wine, env) })
	boot := exec.Command(wine, "wineboot", "--init")
	boot.Env = env
	out, err = boot.CombinedOutput()
	require.NoError(t, err, "wineboot: %s", out)
	shim, err := addProcessPrng(filepath.Join(prefix, "drive_c", "windows", "system32"))
	require.NoError(t, err)
	if shim {
		t.Log("this wine has no bcryptprimitives.dll: a forwarder of ProcessPrng to advapi32's RtlGenRandom stands in")
	}

	cmd := exec.Command(wine, exe)
	cmd.Env = env
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	stdin, err := cmd.StdinPipe()
	require.NoError(t, err)
	stdout, err := cmd.StdoutPipe()
	require.NoError(t, err)
	require.NoError(t, cmd.Start())
	exited := make(chan error, 1)
	lines := make(chan string)
	done := make(chan struct{})
	t.Cleanup(func() {
		close(done)
		_ = cmd.Process.Kill() // a failed test leaves no engine running
	})
	go func() {
		sc := bufio.NewScanner(stdout)
		for sc.Scan() {
			select {
			case lines <- strings.TrimRight(sc.Text(), "\r"):
			case <-done:
				return
			}
		}
		close(lines)
		exited <- cmd.Wait()
	}()
	var transcript strings.Builder
	defer func() { t.Logf("the session under %s:\n%s", wine, transcript.String()) }()
	send := func(s string) {
		fmt.Fprintf(&transcript, "> %s\n", s)
		_, err := io.WriteString(stdin, s+"\n")
		require.NoError(t, err)
	}
	// await returns the lines up to the first that starts with prefix.
	await := func(prefix string) []string {
		var got []string
		deadline := time.After(wineWait)
		for {
			select {
			case l, ok := <-lines:
				if !ok {
					require.FailNow(t, "the engine ended before "+prefix, "stderr: %s", stderr.String())
				}
				fmt.Fprintf(&transcript, "< %s\n", l)
				got = append(got, l)
				if strings.HasPrefix(l, prefix) {
					return got
				}
			case <-deadline:
				_ = cmd.Process.Kill()
				require.FailNow(t, fmt.Sprintf("no %q within %v", prefix, wineWait))
			}
		}
	}

	send("uci")
	assert.Contains(t, await("uciok"), "id name Senapati wine-test", "the version linked in")
	send("isready")
	await("readyok")
	send("position startpos")
	send("go depth 5")
	got := await("bestmove")
	assert.Regexp(t, `^bestmove [a-h][1-8][a-h][1-8]( ponder [a-h][1-8][a-h][1-8])?$`, got[len(got)-1])
	assert.Regexp(t, `^info depth 5 `, got[len(got)-2], "the last info line is depth 5's")
	send("quit")
	select {
	case l, ok := <-lines:
		require.False(t, ok, "a line after quit: %q", l)
	case <-time.After(wineWait):
		_ = cmd.Process.Kill()
		require.FailNow(t, "the engine did not end after quit")
	}
	require.NoError(t, <-exited, "stderr: %s", stderr.String())
}

// lookWine returns the wine launcher on PATH: Debian's wine, which runs
// 64-bit programs with wine64, or wine64 itself; "" when there is none.
func lookWine() string {
	for _, name := range []string{"wine", "wine64"} {
		if p, err := exec.LookPath(name); err == nil {
			return p
		}
	}
	return ""
}

// stopWineserver ends the prefix's wineserver, which outlives the program
// by a few seconds and would write into the prefix as the test removes it.
func stopWineserver(wine string, env []string) {
	server, err := exec.LookPath("wineserver")
	if err != nil {
		// Debian keeps it beside the launcher's real binaries.
		server = filepath.Join("/usr/lib/wine", "wineserver")
	}
	cmd := exec.Command(server, "-k")
	cmd.Env = env
	_ = cmd.Run()
	wait := exec.Command(server, "-w")
	wait.Env = env
	_ = wait.Run()
}

// addProcessPrng writes bcryptprimitives.dll into system32 when the prefix
// has none, and says whether it did. Go's runtime (since 1.22) will not
// start without ProcessPrng from that DLL, which every Windows the
// runtime supports has, but Debian 12's wine 8.0 lacks; the stand-in only
// forwards it to advapi32's SystemFunction036 (RtlGenRandom), which
// fills a buffer with random bytes the same way and says so in the low
// byte of its result, the one byte the runtime reads.
func addProcessPrng(system32 string) (bool, error) {
	path := filepath.Join(system32, "bcryptprimitives.dll")
	if _, err := os.Stat(path); err == nil {
		return false, nil
	} else if !errors.Is(err, os.ErrNotExist) {
		return false, err
	}
	return true, os.WriteFile(path, forwarderDLL("bcryptprimitives.dll", "ProcessPrng", "advapi32.SystemFunction036"), 0o644)
}

// forwarderDLL is a PE32+ (amd64) DLL that holds no code, only an export
// table whose one export, name, forwards to target ("dll.function"):
// the loader resolves it to target's address.
func forwarderDLL(dll, name, target string) []byte {
	const (
		fileAlign = 0x200  // where the one section starts in the file
		rva       = 0x1000 // and in memory
		dirSize   = 40     // IMAGE_EXPORT_DIRECTORY
	)
	// The export data: directory, address table (one RVA), name table (one
	// RVA), ordinal table (one uint16, padded), then the strings. An
	// address that points inside the export data is a forwarder's text.
	dllRVA := rva + dirSize + 12
	nameRVA := dllRVA + len(dll) + 1
	targetRVA := nameRVA + len(name) + 1
	size := targetRVA + len(target) + 1 - rva
	var ed bytes.Buffer
	le := func(w io.Writer, v any) { _ = binary.Write(w, binary.LittleEndian, v) }
	le(&ed, [4]uint32{0, 0, 0, uint32(dllRVA)}) // flags, time, version, name
	le(&ed, [6]uint32{1, 1, 1, rva + dirSize, rva + dirSize + 4, rva + dirSize + 8})
	le(&ed, [2]uint32{uint32(targetRVA), uint32(nameRVA)})
	le(&ed, [2]uint16{0, 0})
	ed.WriteString(dll + "\x00" + name + "\x00" + target + "\x00")

	var b bytes.Buffer
	dos := make([]byte, 0x40)
	copy(dos, "MZ")
	binary.LittleEndian.PutUint32(dos[0x3c:], uint32(len(dos))) // e_lfanew
	b.Write(dos)
	b.WriteString("PE\x00\x00")
	le(&b, pe.FileHeader{
		Machine:              pe.IMAGE_FILE_MACHINE_AMD64,
		NumberOfSections:     1,
		SizeOfOptionalHeader: uint16(binary.Size(pe.OptionalHeader64{})),
		Characteristics:      pe.IMAGE_FILE_EXECUTABLE_IMAGE | pe.IMAGE_FILE_LARGE_ADDRESS_AWARE | pe.IMAGE_FILE_DLL,
	})
	oh := pe.OptionalHeader64{
		Magic:                       0x20b, // PE32+
		SizeOfInitializedData:       fileAlign,
		BaseOfCode:                  rva,
		ImageBase:                   0x180000000,
		SectionAlignment:            rva,
		FileAlignment:               fileAlign,
		MajorOperatingSystemVersion: 6,
		MajorSubsystemVersion:       6,
		SizeOfImage:                 2 * rva,
		SizeOfHeaders:               fileAlign,
		Subsystem:                   pe.IMAGE_SUBSYSTEM_WINDOWS_CUI,
		// Relocatable with nothing to fix up: there is no absolute address.
		DllCharacteristics:  pe.IMAGE_DLLCHARACTERISTICS_DYNAMIC_BASE | pe.IMAGE_DLLCHARACTERISTICS_NX_COMPAT,
		SizeOfStackReserve:  0x100000,
		SizeOfStackCommit:   0x1000,
		SizeOfHeapReserve:   0x100000,
		SizeOfHeapCommit:    0x1000,
		NumberOfRvaAndSizes: 16,
	}
	oh.DataDirectory[pe.IMAGE_DIRECTORY_ENTRY_EXPORT] = pe.DataDirectory{VirtualAddress: rva, Size: uint32(size)}
	le(&b, oh)
	sh := pe.SectionHeader32{
		VirtualSize:      uint32(size),
		VirtualAddress:   rva,
		SizeOfRawData:    fileAlign,
		PointerToRawData: fileAlign,
		Characteristics:  pe.IMAGE_SCN_CNT_INITIALIZED_DATA | pe.IMAGE_SCN_MEM_READ,
	}
	copy(sh.Name[:], ".edata")
	le(&b, sh)
	b.Write(make([]byte, fileAlign-b.Len()))
	b.Write(ed.Bytes())
	b.Write(make([]byte, 2*fileAlign-b.Len()))
	return b.Bytes()
}

// TestForwarderDLL reads the stand-in back as a PE file and follows its
// export table to the forwarder, without wine.
func TestForwarderDLL(t *testing.T) {
	f, err := pe.NewFile(bytes.NewReader(forwarderDLL("bcryptprimitives.dll", "ProcessPrng", "advapi32.SystemFunction036")))
	require.NoError(t, err)
	assert.Equal(t, uint16(pe.IMAGE_FILE_MACHINE_AMD64), f.Machine)
	assert.NotZero(t, f.Characteristics&pe.IMAGE_FILE_DLL)
	oh, ok := f.OptionalHeader.(*pe.OptionalHeader64)
	require.True(t, ok, "PE32+")
	dir := oh.DataDirectory[pe.IMAGE_DIRECTORY_ENTRY_EXPORT]
	require.Len(t, f.Sections, 1)
	data, err := f.Sections[0].Data()
	require.NoError(t, err)
	at := func(rva uint32) []byte { return data[rva-f.Sections[0].VirtualAddress:] }
	cstr := func(rva uint32) string { b := at(rva); return string(b[:bytes.IndexByte(b, 0)]) }
	u32 := func(rva uint32) uint32 { return binary.LittleEndian.Uint32(at(rva)) }
	exp := dir.VirtualAddress
	assert.Equal(t, "bcryptprimitives.dll", cstr(u32(exp+12)))
	require.Equal(t, uint32(1), u32(exp+24), "one name")
	assert.Equal(t, "ProcessPrng", cstr(u32(u32(exp+32))))
	ordinal := binary.LittleEndian.Uint16(at(u32(exp + 36)))
	fn := u32(u32(exp+28) + 4*uint32(ordinal))
	assert.True(t, fn >= exp && fn < exp+dir.Size, "the export is a forwarder: its address lies in the export data")
	assert.Equal(t, "advapi32.SystemFunction036", cstr(fn))
}
