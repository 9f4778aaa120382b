// ps_2_0: saturation on arithmetic results and outputs.
ps_2_0
dcl t0
mul_sat r0, t0, c0
add_sat r1, r0, c1
mov_sat oC0, r1
