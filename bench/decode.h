/* bench/decode.h — shader decoding speed (see decode.c). */
#ifndef SOFTD3D_BENCH_DECODE_H
#define SOFTD3D_BENCH_DECODE_H
/* Prints one line per case (or JSON objects, comma-separated, the first without a leading
 * comma when `first`); returns the number of cases that could not run. */
int bench_decode(int json, int first);
#endif
