// ps_5_0: rcp and the half-float conversions.
ps_5_0
dcl_input_ps linear v1.xyzw
dcl_output o0.xyzw
dcl_temps 2
rcp r0.xyzw, v1.xyzw
f32tof16 r1.xyzw, r0.xyzw
f16tof32 o0.xyzw, r1.xyzw
ret
