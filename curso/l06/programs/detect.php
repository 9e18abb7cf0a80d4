<?php
// Lesson 6: mb_detect_encoding on many samples in one process.
// stdin: {"lists": {"name": ["UTF-8", ...]}, "strict": true, "samples": ["hex", ...]}
// stdout: {"php": "8.2.36", "answers": {"name": ["SJIS-win" or null, ...]}}
$in = json_decode(stream_get_contents(STDIN), true, 512, JSON_THROW_ON_ERROR);
$data = array_map('hex2bin', $in['samples']);
$answers = [];
foreach ($in['lists'] as $name => $list) {
    $out = [];
    foreach ($data as $bytes) {
        $found = mb_detect_encoding($bytes, $list, (bool) $in['strict']);
        $out[] = $found === false ? null : $found;
    }
    $answers[$name] = $out;
}
echo json_encode(['php' => PHP_VERSION, 'answers' => $answers], JSON_THROW_ON_ERROR);
