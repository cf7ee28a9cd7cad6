// The escape tries in Go: `escape TRY VALUE` (tests/helpers/escapes.py).
package main

import (
	"fmt"
	"net"
	"os"
	"os/exec"
	"strings"
	"time"
)

func fail(err error) {
	fmt.Println("ERR", err)
	os.Exit(1)
}

func main() {
	try, value := os.Args[1], ""
	if len(os.Args) > 2 {
		value = os.Args[2]
	}
	switch try {
	case "write":
		f, err := os.OpenFile(value, os.O_APPEND|os.O_CREATE|os.O_WRONLY, 0o644)
		if err != nil {
			fail(err)
		}
		f.WriteString("x\n")
		f.Close()
	case "read":
		text, err := os.ReadFile(value)
		if err != nil {
			fail(err)
		}
		fmt.Println(string(text))
	case "connect":
		conn, err := net.Dial("tcp", "127.0.0.1:"+value)
		if err != nil {
			fail(err)
		}
		conn.Close()
	case "daemon":
		if err := exec.Command("setsid", "-f", "sleep", value).Run(); err != nil {
			fail(err)
		}
	case "fork":
		for {
			if err := exec.Command("sleep", value).Start(); err != nil {
				fail(err)
			}
		}
	case "allocate":
		block := make([]byte, 8<<30)
		for i := 0; i < len(block); i += 4096 {
			block[i] = 1
		}
	case "disk":
		block := []byte(strings.Repeat("x", 1<<20))
		for n := 0; ; n++ {
			f, err := os.Create(fmt.Sprintf("%s%d.bin", value, n))
			if err != nil {
				fail(err)
			}
			for i := 0; i < 16; i++ {
				if _, err := f.Write(block); err != nil {
					fail(err)
				}
			}
			f.Close()
		}
	case "sleep":
		time.Sleep(1 << 62)
	case "print":
		for {
			fmt.Println("xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx")
		}
	}
	fmt.Println("done")
}
