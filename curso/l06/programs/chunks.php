<?php
// Lesson 6: the per-chunk conversion bug, mb_convert_encoding() on each fread() block.
// stdin: {"files": [{"path": ..., "encoding": "SJIS-win", "iconv": "CP932"}], "chunk": 4096}
// stdout: {"php": ..., "files": [{"path", "question_marks", "chars_whole", "chars_chunked",
//          "identical", "filter_identical"}]}
$in = json_decode(stream_get_contents(STDIN), true, 512, JSON_THROW_ON_ERROR);
mb_substitute_character(0x3F);  // '?', PHP's default, set explicitly
$out = [];
foreach ($in['files'] as $f) {
    $whole = mb_convert_encoding(file_get_contents($f['path']), 'UTF-8', $f['encoding']);
    $chunked = '';
    $h = fopen($f['path'], 'rb');
    while (($block = fread($h, $in['chunk'])) !== false && $block !== '') {
        $chunked .= mb_convert_encoding($block, 'UTF-8', $f['encoding']);  // the bug
    }
    fclose($h);
    $filtered = '';
    $h = fopen($f['path'], 'rb');
    stream_filter_append($h, 'convert.iconv.' . $f['iconv'] . '/UTF-8', STREAM_FILTER_READ);
    while (($block = fread($h, $in['chunk'])) !== false && $block !== '') {
        $filtered .= $block;
    }
    fclose($h);
    $out[] = [
        'path' => $f['path'],
        'question_marks' => substr_count($chunked, '?') - substr_count($whole, '?'),
        'chars_whole' => mb_strlen($whole, 'UTF-8'),
        'chars_chunked' => mb_strlen($chunked, 'UTF-8'),
        'identical' => $chunked === $whole,
        'filter_identical' => $filtered === $whole,
    ];
}
echo json_encode(['php' => PHP_VERSION, 'files' => $out], JSON_THROW_ON_ERROR);
