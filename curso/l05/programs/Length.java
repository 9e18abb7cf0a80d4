// La longitud de cada texto en Java. Entrada: un texto por línea, en UTF-8 y en hexadecimal.
// Salida: una línea por texto con las medidas separadas por tabuladores.
import static java.nio.charset.StandardCharsets.UTF_8;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.text.BreakIterator;
import java.util.HexFormat;
import java.util.regex.Pattern;

public class Length {
    public static void main(String[] args) throws Exception {
        BufferedReader in = new BufferedReader(new InputStreamReader(System.in, UTF_8));
        for (String line; (line = in.readLine()) != null; ) {
            String s = new String(HexFormat.of().parseHex(line), UTF_8);
            System.out.println(s.getBytes(UTF_8).length
                    + "\t" + s.length()
                    + "\t" + s.codePointCount(0, s.length())
                    + "\t" + breaks(s)
                    + "\t" + Pattern.compile("\\X").matcher(s).results().count());
        }
    }

    // Cuenta los trozos en que BreakIterator.getCharacterInstance() corta el texto.
    static int breaks(String s) {
        BreakIterator it = BreakIterator.getCharacterInstance();
        it.setText(s);
        int count = 0;
        while (it.next() != BreakIterator.DONE) count++;
        return count;
    }
}
