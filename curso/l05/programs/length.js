// La longitud de cada texto en Node.js. Entrada: un texto por línea, en UTF-8 y en hexadecimal.
// Salida: una línea por texto con las medidas separadas por tabuladores.
const lines = require("fs").readFileSync(0, "utf8").split("\n").slice(0, -1);
for (const line of lines) {
  const s = Buffer.from(line, "hex").toString("utf8");
  console.log([
    Buffer.byteLength(s, "utf8"),
    s.length,
    [...s].length,
    [...new Intl.Segmenter().segment(s)].length,
  ].join("\t"));
}
