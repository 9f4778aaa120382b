// vs_4_0: if_z / if_nz, else, endif, nested.
vs_4_0
dcl_input v0.xyzw
dcl_output_siv o0.xyzw, position
dcl_temps 2
lt r0.x, v0.x, l(0)
if_nz r0.x
  mov r1.xyzw, -v0.xyzw
else
  ge r0.y, v0.y, l(1.000000)
  if_z r0.y
    mov r1.xyzw, v0.xyzw
  else
    mov r1.xyzw, l(1.000000)
  endif
endif
mov o0.xyzw, r1.xyzw
ret
