// ps_5_0: ubfe, ibfe and bfi (bit-field extract and insert).
ps_5_0
dcl_input_ps constant v1.xyzw
dcl_output o0.xyzw
dcl_temps 2
ftoi r0.xyzw, v1.xyzw
ubfe r1.x, l(4), l(8), r0.x
ibfe r1.y, l(5), r0.w, r0.y
bfi r1.zw, l(0, 0, 3, 3), l(0, 0, 1, 2), r0.zzzw, r0.xxxy
itof o0.xyzw, r1.xyzw
ret
