// ps_4_0: the pixel position as a system-interpreted input.
ps_4_0
dcl_input_ps_siv linear noperspective v0.xy, position
dcl_output o0.xyzw
dcl_temps 1
mul r0.xy, v0.xyxx, l(0.00390625, 0.00390625, 0, 0)
mov o0.xy, r0.xyxx
mov o0.zw, l(0, 0, 0, 1.000000)
ret
