// vs_4_0: integer comparisons: ieq ine ilt ige ult uge.
vs_4_0
dcl_input v0.xyzw
dcl_output_siv o0.xyzw, position
dcl_output o1.xy
dcl_temps 3
ftoi r0.xyzw, v0.xyzw
ieq r1.x, r0.x, l(0)
ine r1.y, r0.y, l(-1)
ilt r1.z, r0.z, r0.w
ige r1.w, r0.w, l(16777216)
ult r2.x, r0.x, r0.y
uge r2.y, r0.z, l(0x80000000)
and r1.xyzw, r1.xyzw, l(0x3f800000, 0x3f800000, 0x3f800000, 0x3f800000)
mov o0.xyzw, r1.xyzw
and o1.xy, r2.xyxx, l(1, 1, 0, 0)
ret
