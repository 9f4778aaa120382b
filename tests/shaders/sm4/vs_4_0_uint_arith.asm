// vs_4_0: unsigned integer arithmetic: udiv umul umad umax umin ushr.
vs_4_0
dcl_input v0.xyzw
dcl_output_siv o0.xyzw, position
dcl_temps 3
ftou r0.xyzw, |v0.xyzw|
udiv r1.x, r1.y, r0.x, l(3)
udiv null, r1.z, r0.y, r0.z
umul r2.x, r2.y, r0.z, r0.w
umad r2.zw, r0.xxxy, r0.zzzw, l(0, 0, 5, 6)
umax r1.w, r2.z, r2.w
umin r2.x, r1.x, r1.y
ushr r2.y, r2.x, l(2)
utof o0.xyzw, r2.xyzw
ret
