// La longitud de cada texto en Swift. Entrada: un texto por línea, en UTF-8 y en hexadecimal.
// Salida: una línea por texto con las medidas separadas por tabuladores.
while let line = readLine() {
    var bytes: [UInt8] = []
    var i = line.startIndex
    while i < line.endIndex {
        let j = line.index(i, offsetBy: 2)
        bytes.append(UInt8(line[i..<j], radix: 16)!)
        i = j
    }
    let s = String(decoding: bytes, as: UTF8.self)
    print(s.utf8.count, s.utf16.count, s.unicodeScalars.count, s.count, separator: "\t")
}
