// gs_4_0: the vertices of a triangle with adjacency as a point list (the primitive's own three).
gs_4_0
dcl_input_siv v[6][0].xyzw, position
dcl_inputprimitive triangleadj
dcl_outputtopology pointlist
dcl_output_siv o0.xyzw, position
dcl_maxout 3
mov o0.xyzw, v[0][0].xyzw
emit
mov o0.xyzw, v[2][0].xyzw
emit
mov o0.xyzw, v[4][0].xyzw
emit
ret
