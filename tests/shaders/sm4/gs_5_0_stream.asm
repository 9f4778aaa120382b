// gs_5_0: the stream forms on stream 0, two instances, a line input.
gs_5_0
dcl_input_siv v[2][0].xyzw, position
dcl_inputprimitive line
dcl_stream m0
dcl_outputtopology linestrip
dcl_output_siv o0.xyzw, position
dcl_maxout 2
dcl_gsinstances 2
mov o0.xyzw, v[0][0].xyzw
emit_stream m0
mov o0.xyzw, v[1][0].xyzw
emit_then_cut_stream m0
cut_stream m0
ret
