// ps_5_0: swapc (a conditional swap into two destinations).
ps_5_0
dcl_input_ps linear v1.xyzw
dcl_input_ps linear v2.xyzw
dcl_output o0.xyzw
dcl_output o1.xyzw
dcl_temps 1
lt r0.xyzw, v1.xyzw, v2.xyzw
swapc o0.xyzw, o1.xyzw, r0.xyzw, v1.xyzw, v2.xyzw
ret
