// vs_2_0: loop aL, i# with relative addressing through aL; defi.
vs_2_0
defi i0, 4, 0, 1, 0
defi i1, 2, 1, 2, 0
def c0, 0, 0, 0, 0
dcl_position v0
mov r0, c0
loop aL, i0
add r0, r0, c[aL + 10]
loop aL, i1
mul r0, r0, c[aL]
endloop
endloop
add oPos, r0, v0
