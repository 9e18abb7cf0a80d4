/* La longitud de cada texto en C. Entrada: un texto por línea, en UTF-8 y en hexadecimal.
   Salida: una línea por texto con las medidas separadas por tabuladores. */
#include <locale.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int main(void) {
    /* mbstowcs descodifica según la configuración regional (locale): pedimos UTF-8. */
    if (setlocale(LC_ALL, "C.UTF-8") == NULL) {
        fprintf(stderr, "no existe la configuración regional C.UTF-8\n");
        return 2;
    }
    static char line[1 << 16], s[1 << 15];
    while (fgets(line, sizeof line, stdin) != NULL) {
        size_t n = 0;
        unsigned int byte;
        while (sscanf(line + 2 * n, "%2x", &byte) == 1) s[n++] = (char)byte;
        s[n] = '\0';
        printf("%zu\t%zu\n", strlen(s), mbstowcs(NULL, s, 0));
    }
    return 0;
}
