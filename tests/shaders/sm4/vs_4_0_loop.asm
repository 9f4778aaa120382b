// vs_4_0: loop / endloop with break, breakc, continue and continuec.
vs_4_0
dcl_input v0.xyzw
dcl_output_siv o0.xyzw, position
dcl_temps 3
mov r0.xyzw, l(0, 0, 0, 0)
mov r1.x, l(0)
loop
  ige r1.y, r1.x, l(8)
  breakc_nz r1.y
  iadd r1.x, r1.x, l(1)
  and r1.z, r1.x, l(1)
  continuec_z r1.z
  add r0.xyzw, r0.xyzw, v0.xyzw
  ieq r1.w, r1.x, l(7)
  if_nz r1.w
    break
  endif
  continue
endloop
mov o0.xyzw, r0.xyzw
ret
