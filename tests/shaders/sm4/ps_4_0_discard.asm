// ps_4_0: discard_nz and discard_z.
ps_4_0
dcl_input_ps linear v1.xyzw
dcl_output o0.xyzw
dcl_temps 1
lt r0.x, v1.w, l(0.500000)
discard_nz r0.x
ge r0.y, v1.x, l(0)
discard_z r0.y
mov o0.xyzw, v1.xyzw
ret
