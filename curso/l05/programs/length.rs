// La longitud de cada texto en Rust. Entrada: un texto por línea, en UTF-8 y en hexadecimal.
// Salida: una línea por texto con las medidas separadas por tabuladores.
use std::io::BufRead;

fn main() {
    for line in std::io::stdin().lock().lines() {
        let line = line.unwrap();
        let bytes: Vec<u8> = (0..line.len())
            .step_by(2)
            .map(|i| u8::from_str_radix(&line[i..i + 2], 16).unwrap())
            .collect();
        let s = String::from_utf8(bytes).unwrap();
        println!("{}\t{}\t{}", s.len(), s.encode_utf16().count(), s.chars().count());
    }
}
