// ps_4_0: discard inside a loop and an if.
ps_4_0
dcl_input_ps linear v1.xyzw
dcl_output o0.xyzw
dcl_temps 2
mov r0.x, l(0)
loop
  ige r0.y, r0.x, l(3)
  breakc_nz r0.y
  itof r0.z, r0.x
  lt r0.w, v1.x, r0.z
  if_nz r0.w
    discard_nz r0.w
  endif
  iadd r0.x, r0.x, l(1)
endloop
mov o0.xyzw, v1.xyzw
ret
