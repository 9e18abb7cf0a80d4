<?php
// Lesson 6: the three traps of mb_detect_encoding, printed as var_dump() prints them.
// stdin: {} (nothing needed); stdout: {"php": ..., "rows": [{"id": ..., "output": ...}]}
function dump($value): string {
    ob_start();
    var_dump($value);
    return rtrim(ob_get_clean());
}
$sjis = mb_convert_encoding("文字化け", "SJIS-win", "UTF-8");
$a = ["UTF-8", "SJIS-win", "EUC-JP", "UHC", "Windows-1252"];
$b = ["UTF-8", "UHC", "Windows-1252", "SJIS-win", "EUC-JP"];
$rows = [
    'detect_order' => dump(implode(", ", mb_detect_order())),
    'sjis_default' => dump(mb_detect_encoding($sjis)),
    'fffe_loose' => dump(mb_detect_encoding("\xff\xfe", ["UTF-8", "ASCII"])),
    'fffe_strict' => dump(mb_detect_encoding("\xff\xfe", ["UTF-8", "ASCII"], true)),
    'sjis_strict' => dump(mb_detect_encoding($sjis, ["UTF-8", "SJIS-win"], true)),
    'its_a' => dump(mb_detect_encoding("It\x92s", $a, true)),
    'its_b' => dump(mb_detect_encoding("It\x92s", $b, true)),
    'hangul_a' => dump(mb_detect_encoding("\xc7\xd1\xb1\xdb", $a, true)),
    'hangul_b' => dump(mb_detect_encoding("\xc7\xd1\xb1\xdb", $b, true)),
    'hola_latin1_first' => dump(mb_detect_encoding("\x93Hola\x94", ["ISO-8859-1", "Windows-1252"], true)),
    'hola_from_latin1' => dump(mb_convert_encoding("\x93Hola\x94", "UTF-8", "ISO-8859-1")),
    'hola_from_1252' => dump(mb_convert_encoding("\x93Hola\x94", "UTF-8", "Windows-1252")),
];
$out = [];
foreach ($rows as $id => $output) {
    $out[] = ['id' => $id, 'output' => $output];
}
echo json_encode(['php' => PHP_VERSION, 'rows' => $out], JSON_THROW_ON_ERROR | JSON_UNESCAPED_UNICODE);
