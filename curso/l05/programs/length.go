// La longitud de cada texto en Go. Entrada: un texto por línea, en UTF-8 y en hexadecimal.
// Salida: una línea por texto con las medidas separadas por tabuladores.
package main

import (
	"bufio"
	"encoding/hex"
	"fmt"
	"os"
	"unicode/utf16"
	"unicode/utf8"
)

func main() {
	in := bufio.NewScanner(os.Stdin)
	in.Buffer(make([]byte, 1<<20), 1<<30)
	for in.Scan() {
		b, err := hex.DecodeString(in.Text())
		if err != nil {
			panic(err)
		}
		s := string(b)
		fmt.Printf("%d\t%d\t%d\n", len(s), len(utf16.Encode([]rune(s))), utf8.RuneCountInString(s))
	}
}
