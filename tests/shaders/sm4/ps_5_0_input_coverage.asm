// ps_5_0: the input coverage mask (dcl_input vCoverage).
ps_5_0
dcl_input vCoverage
dcl_output o0.xyzw
dcl_temps 1
countbits r0.x, vCoverage
utof r0.x, r0.x
mul o0.xyzw, r0.xxxx, l(0.250000)
ret
