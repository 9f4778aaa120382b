// ps_5_0: countbits, firstbit_hi, firstbit_lo, firstbit_shi, bfrev.
ps_5_0
dcl_input_ps constant v1.xyzw
dcl_output o0.xyzw
dcl_temps 2
ftoi r0.xyzw, v1.xyzw
countbits r1.x, r0.x
firstbit_hi r1.y, r0.y
firstbit_lo r1.z, r0.z
firstbit_shi r1.w, r0.w
bfrev r0.xyzw, r1.xyzw
utof o0.xyzw, r0.xyzw
ret
