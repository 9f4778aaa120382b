// gs_4_1: a line with adjacency drawn as a line strip of its two middle vertices.
gs_4_1
dcl_input_siv v[4][0].xyzw, position
dcl_inputprimitive lineadj
dcl_outputtopology linestrip
dcl_output_siv o0.xyzw, position
dcl_maxout 2
mov o0.xyzw, v[1][0].xyzw
emit
mov o0.xyzw, v[2][0].xyzw
emit
ret
