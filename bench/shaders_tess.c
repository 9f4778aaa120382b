/* bench/shaders_tess.c — the tess scene's programs (shaders_tess.h says what they compute). */
#include "shaders_tess.h"

const char bench_tess_vs[] =
    "vs_5_0\ndcl_input v0.xyz\ndcl_output o0.xyz\nmov o0.xyz, v0.xyzx\nret\n";

const char bench_tess_hs[] =
    "hs_5_0\nhs_decls\ndcl_input_control_point_count 4\ndcl_output_control_point_count 4\n"
    "dcl_tessellator_domain domain_quad\n"
    "dcl_tessellator_partitioning partitioning_fractional_odd\n"
    "dcl_tessellator_output_primitive output_triangle_cw\ndcl_hs_max_tessfactor l(64.0)\n"
    "hs_control_point_phase\ndcl_input vOutputControlPointID\ndcl_input v[4][0].xyz\n"
    "dcl_output o0.xyz\ndcl_temps 1\nmov r0.x, vOutputControlPointID\n"
    "mov o0.xyz, v[r0.x + 0][0].xyzx\nret\n"
    "hs_fork_phase\ndcl_hs_fork_phase_instance_count 4\ndcl_input vForkInstanceID\n"
    "dcl_constantbuffer cb0[1], immediateIndexed\n"
    "dcl_output_siv o0.x, finalQuadUeq0EdgeTessFactor\n"
    "dcl_output_siv o1.x, finalQuadVeq0EdgeTessFactor\n"
    "dcl_output_siv o2.x, finalQuadUeq1EdgeTessFactor\n"
    "dcl_output_siv o3.x, finalQuadVeq1EdgeTessFactor\n"
    "dcl_temps 1\ndcl_indexRange o0.x 4\nmov r0.x, vForkInstanceID\n"
    "mov o[r0.x + 0].x, cb0[0].x\nret\n"
    "hs_join_phase\ndcl_constantbuffer cb0[1], immediateIndexed\n"
    "dcl_output_siv o4.x, finalQuadUInsideTessFactor\n"
    "dcl_output_siv o5.x, finalQuadVInsideTessFactor\n"
    "mov o4.x, cb0[0].y\nmov o5.x, cb0[0].y\nret\n";

const char bench_tess_ds[] =
    "ds_5_0\ndcl_input_control_point_count 4\ndcl_tessellator_domain domain_quad\n"
    "dcl_constantbuffer cb0[6], immediateIndexed\n"
    "dcl_input vDomain.xy\ndcl_input vicp[4][0].xyz\n"
    "dcl_output_siv o0.xyzw, position\ndcl_output o1.xyzw\ndcl_temps 6\n"
    "add r0.xyz, vicp[1][0].xyzx, -vicp[0][0].xyzx\n"
    "mad r0.xyz, vDomain.xxxx, r0.xyzx, vicp[0][0].xyzx\n"
    "add r1.xyz, vicp[2][0].xyzx, -vicp[3][0].xyzx\n"
    "mad r1.xyz, vDomain.xxxx, r1.xyzx, vicp[3][0].xyzx\n"
    "add r1.xyz, r1.xyzx, -r0.xyzx\nmad r0.xyz, vDomain.yyyy, r1.xyzx, r0.xyzx\n"
    /* a, b; (sin a, sin b), (cos a, cos b) */
    "mul r1.xy, r0.xyxx, cb0[4].xyxx\nsincos r2.xy, r3.xy, r1.xyxx\n"
    /* h, cos a cos b, sin a sin b */
    "mul r4.x, r2.x, r3.y\nmul r4.y, r3.x, r3.y\nmul r4.z, r2.x, r2.y\n"
    "mul r5.x, r4.y, -cb0[4].z\nmul r5.y, r4.z, cb0[4].w\nmov r5.z, l(1.0)\n"
    "dp3 r1.x, r5.xyzx, r5.xyzx\nrsq r1.x, r1.x\nmul r5.xyz, r5.xyzx, r1.xxxx\n"
    "dp3_sat r1.x, r5.xyzx, cb0[5].xyzx\nmad r1.x, r1.x, l(0.8), l(0.2)\n"
    "mad r5.xyz, r4.xxxx, l(0.5, 0.0, -0.3, 0.0), l(0.5, 0.6, 0.8, 0.0)\n"
    "mul o1.xyz, r1.xxxx, r5.xyzx\nmov o1.w, l(1.0)\n"
    "mul r1.xyzw, r0.yyyy, cb0[1].xyzw\nmad r1.xyzw, r0.xxxx, cb0[0].xyzw, r1.xyzw\n"
    "mad r1.xyzw, r0.zzzz, cb0[2].xyzw, r1.xyzw\nadd o0.xyzw, r1.xyzw, cb0[3].xyzw\nret\n";

const char bench_tess_ps[] =
    "ps_5_0\ndcl_input_ps linear v1.xyzw\ndcl_output o0.xyzw\nmov o0.xyzw, v1.xyzw\nret\n";

const char bench_glsl_tess_vs[] =
    "#version 400 core\n"
    "layout(location = 0) in vec3 a_pos;\n"
    "out vec3 v_pos;\n"
    "void main() { v_pos = a_pos; }\n";

const char bench_glsl_tess_tcs[] =
    "#version 400 core\n"
    "layout(vertices = 4) out;\n"
    "uniform vec4 c[3];\n"
    "in vec3 v_pos[];\n"
    "out vec3 tc_pos[];\n"
    "void main() {\n"
    "    tc_pos[gl_InvocationID] = v_pos[gl_InvocationID];\n"
    "    if (gl_InvocationID == 0) {\n"
    "        gl_TessLevelOuter[0] = c[0].x; gl_TessLevelOuter[1] = c[0].x;\n"
    "        gl_TessLevelOuter[2] = c[0].x; gl_TessLevelOuter[3] = c[0].x;\n"
    "        gl_TessLevelInner[0] = c[0].y; gl_TessLevelInner[1] = c[0].y;\n"
    "    }\n"
    "}\n";

const char bench_glsl_tess_tes[] =
    "#version 400 core\n"
    "layout(quads, fractional_odd_spacing, cw) in;\n"
    "uniform vec4 c[3];\n"
    "uniform mat4 u_matrix;\n"
    "in vec3 tc_pos[];\n"
    "out vec4 t_color;\n"
    "void main() {\n"
    "    float u = gl_TessCoord.x, v = gl_TessCoord.y;\n"
    "    vec3 p01 = tc_pos[0] + u * (tc_pos[1] - tc_pos[0]);\n"
    "    vec3 p32 = tc_pos[3] + u * (tc_pos[2] - tc_pos[3]);\n"
    "    vec3 p = p01 + v * (p32 - p01);\n"
    "    vec2 ab = p.xy * c[1].xy;\n"
    "    vec2 s = sin(ab), k = cos(ab);\n"
    "    float h = s.x * k.y;\n"
    "    vec3 n = vec3(k.x * k.y * -c[1].z, s.x * s.y * c[1].w, 1.0);\n"
    "    n = n * inversesqrt(dot(n, n));\n"
    "    float d = clamp(dot(n, c[2].xyz), 0.0, 1.0) * 0.8 + 0.2;\n"
    "    t_color = vec4(d * (h * vec3(0.5, 0.0, -0.3) + vec3(0.5, 0.6, 0.8)), 1.0);\n"
    "    gl_Position = u_matrix * vec4(p, 1.0);\n"
    "}\n";

const char bench_glsl_tess_fs[] =
    "#version 400 core\n"
    "in vec4 t_color;\n"
    "out vec4 o_color;\n"
    "void main() { o_color = t_color; }\n";
