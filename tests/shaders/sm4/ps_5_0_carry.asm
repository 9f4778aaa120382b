// ps_5_0: uaddc and usubb (carry and borrow).
ps_5_0
dcl_input_ps constant v1.xyzw
dcl_output o0.xyzw
dcl_temps 3
ftou r0.xyzw, v1.xyzw
uaddc r1.xy, r2.xy, r0.xyxx, r0.zwzz
usubb r1.zw, null, r0.xxxy, r0.zzzw
uaddc null, r2.zw, r0.xxxy, l(0, 0, -1, -1)
utof o0.xyzw, r1.xyzw
ret
