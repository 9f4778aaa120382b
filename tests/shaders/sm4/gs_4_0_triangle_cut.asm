// gs_4_0: a triangle's vertices through a loop with a relative vertex index, the primitive id
// as an output, cut and emit_then_cut.
gs_4_0
dcl_input_siv v[3][0].xyzw, position
dcl_input v[3][1].xyzw
dcl_input vPrim
dcl_temps 1
dcl_inputprimitive triangle
dcl_outputtopology trianglestrip
dcl_output_siv o0.xyzw, position
dcl_output o1.xyzw
dcl_output o2.x
dcl_maxout 6
mov r0.x, l(0)
loop
  uge r0.y, r0.x, l(2)
  breakc_nz r0.y
  mov o0.xyzw, v[r0.x + 0][0].xyzw
  mov o1.xyzw, v[r0.x + 0][1].xyzw
  mov o2.x, vPrim
  emit
  iadd r0.x, r0.x, l(1)
endloop
mov o0.xyzw, v[2][0].xyzw
mov o1.xyzw, v[2][1].xyzw
mov o2.x, vPrim
emit_then_cut
cut
ret
