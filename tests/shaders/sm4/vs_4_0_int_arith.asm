// vs_4_0: signed integer arithmetic: iadd imad imax imin imul ineg ishl ishr.
vs_4_0
dcl_input v0.xyzw
dcl_output_siv o0.xyzw, position
dcl_temps 3
ftoi r0.xyzw, v0.xyzw
iadd r1.xyzw, r0.xyzw, l(1, -2, 3, -4)
imad r1.xyzw, r1.xyzw, r0.yzwx, l(7)
imax r2.xy, r1.xyxx, r0.zwzz
imin r2.zw, r1.zzzw, r0.xxxy
imul r1.x, r0.y, r2.x, r2.y
imul null, r1.z, r2.z, r2.w
ineg r2.xyzw, r1.xyzw
ishl r0.xy, r2.xyxx, l(3, 4, 0, 0)
ishr r0.zw, r2.zzzw, l(0, 0, 1, 31)
itof o0.xyzw, r0.xyzw
ret
