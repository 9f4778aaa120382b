// vs_4_0: the four float roundings.
vs_4_0
dcl_input v0.xyzw
dcl_output_siv o0.xyzw, position
dcl_temps 1
round_ne r0.x, v0.x
round_ni r0.y, v0.y
round_pi r0.z, v0.z
round_z r0.w, v0.w
mov o0.xyzw, r0.xyzw
ret
