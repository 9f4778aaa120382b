// ps_3_0: loop with aL (ps_3_0 only), constants indexed by aL.
ps_3_0
defi i0, 4, 0, 1, 0
dcl_texcoord v0
mov r0, v0
loop aL, i0
add r0, r0, c[aL]
add r0, r0, c10[aL]
endloop
mov oC0, r0
