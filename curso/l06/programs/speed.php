<?php
// Lesson 6: conversion to UTF-8 timed in PHP, median of `repeat` runs, in seconds.
// stdin: {"files": [{"path", "mb": "SJIS-win", "iconv": "CP932"}], "repeat": 3}
// stdout: {"php": ..., "files": [{"path", "mb_convert_encoding", "iconv", "sha256",
//          "identical", "check_first", "check_again"}]}
$in = json_decode(stream_get_contents(STDIN), true, 512, JSON_THROW_ON_ERROR);
function median(array $xs): float {
    sort($xs);
    $n = count($xs);
    return $n % 2 ? $xs[intdiv($n, 2)] : ($xs[$n / 2 - 1] + $xs[$n / 2]) / 2;
}
function timed(callable $fn, int $repeat, &$result): float {
    $runs = [];
    for ($i = 0; $i < $repeat; $i++) {
        $t = hrtime(true);
        $result = $fn();
        $runs[] = (hrtime(true) - $t) / 1e9;
    }
    return median($runs);
}
$repeat = (int) $in['repeat'];
$out = [];
foreach ($in['files'] as $f) {
    $data = file_get_contents($f['path']);
    $t_mb = timed(fn() => mb_convert_encoding($data, 'UTF-8', $f['mb']), $repeat, $mb);
    $t_iconv = timed(fn() => iconv($f['iconv'], 'UTF-8', $data), $repeat, $ic);
    // mb_check_encoding on a new string each time, then again on the same string
    $first = [];
    $again = [];
    for ($i = 0; $i < $repeat; $i++) {
        $s = $mb . str_repeat(' ', $i + 1);  // a new string
        $t = hrtime(true);
        mb_check_encoding($s, 'UTF-8');
        $first[] = (hrtime(true) - $t) / 1e9;
        $t = hrtime(true);
        mb_check_encoding($s, 'UTF-8');
        $again[] = (hrtime(true) - $t) / 1e9;
    }
    $out[] = [
        'path' => $f['path'],
        'mb_convert_encoding' => $t_mb,
        'iconv' => $t_iconv,
        'sha256' => hash('sha256', $mb),
        'identical' => $mb === $ic,
        'utf8_bytes' => strlen($mb),
        'check_first' => median($first),
        'check_again' => median($again),
    ];
}
echo json_encode(['php' => PHP_VERSION, 'files' => $out], JSON_THROW_ON_ERROR);
