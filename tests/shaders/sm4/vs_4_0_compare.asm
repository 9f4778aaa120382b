// vs_4_0: float comparisons (masks) and movc selecting with them.
vs_4_0
dcl_input v0.xyzw
dcl_input v1.xyzw
dcl_output_siv o0.xyzw, position
dcl_temps 2
eq r0.x, v0.x, v1.x
ne r0.y, v0.y, v1.y
lt r0.z, v0.z, v1.z
ge r0.w, v0.w, v1.w
movc r1.xyzw, r0.xyzw, v0.xyzw, v1.xyzw
movc r1.xy, r0.xxxx, l(1.000000, 2.000000, 0, 0), r1.zwzz
mov o0.xyzw, r1.xyzw
ret
