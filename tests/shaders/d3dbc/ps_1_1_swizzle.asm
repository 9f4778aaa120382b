// ps_1_1: replicated alpha and blue sources, color and alpha write masks.
ps_1_1
tex t0
tex t1
mov r0.rgb, t0.a
mov r0.a, t1.b
mul r1, t0, t1.a
add r0, r0, r1
