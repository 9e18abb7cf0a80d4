<?php
// La longitud de cada texto en PHP. Entrada: un texto por línea, en UTF-8 y en hexadecimal.
// Salida: una línea por texto con las medidas separadas por tabuladores.
while (($line = fgets(STDIN)) !== false) {
    $s = hex2bin(rtrim($line, "\n"));
    echo implode("\t", [
        strlen($s),
        strlen(mb_convert_encoding($s, "UTF-16LE", "UTF-8")) / 2,
        mb_strlen($s, "UTF-8"),
        grapheme_strlen($s),
    ]), "\n";
}
